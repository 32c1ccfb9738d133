/** The zfs and zpool commands: argument vectors, name validation, output parsing and the capability probe. Knows nothing of Jenkins. */
package io.jenkins.plugins.zfsreplication.zfs;
