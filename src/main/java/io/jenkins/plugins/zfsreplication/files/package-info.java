/** Writing files safely: whole or not at all, never through a link someone planted. */
package io.jenkins.plugins.zfsreplication.files;
