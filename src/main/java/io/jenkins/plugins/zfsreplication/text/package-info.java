/** Text from outside (names, paths, messages) made safe to show on a terminal or in a build log. */
package io.jenkins.plugins.zfsreplication.text;
