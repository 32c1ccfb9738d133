/**
 * Restore drills: a snapshot of the backup received back into a scratch dataset, verified against
 * the source's manifest, timed, and the scratch dataset destroyed again, always.
 */
package io.jenkins.plugins.zfsreplication.restore;
