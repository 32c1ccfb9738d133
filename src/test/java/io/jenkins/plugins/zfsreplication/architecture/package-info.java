/** Tests of the project's structure: the engine/Jenkins boundary, where processes start, and the versions both builds share. */
package io.jenkins.plugins.zfsreplication.architecture;
