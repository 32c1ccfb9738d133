/** Writers for the artifacts people read: SVG charts and text reports. */
package io.jenkins.plugins.zfsreplication.report;
