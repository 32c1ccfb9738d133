/** Old class names of saved job XML and build.xml, read as the classes that moved; it imports the step packages and nothing imports it. */
package io.jenkins.plugins.zfsreplication.steps.compat;
