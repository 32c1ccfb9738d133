/**
 * zfsRestoreDrill: the Pipeline step, its freestyle builder, its settings and the callable that
 * runs the drill on the agent holding the backup.
 */
package io.jenkins.plugins.zfsreplication.steps.restore;
