/** Retention rules and prune decisions, applied before sending so that no byte is spent on a snapshot that is deleted afterwards. */
package io.jenkins.plugins.zfsreplication.prune;
