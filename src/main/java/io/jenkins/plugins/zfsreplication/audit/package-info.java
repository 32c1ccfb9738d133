/**
 * The audit trail across builds: {@code audit.json} (the SHA-256 of every artifact a build's steps
 * archived, the snapshot GUIDs and verdicts in them, and the SHA-256 of the previous build's
 * audit.json) and the check of a chain of downloaded builds.
 */
package io.jenkins.plugins.zfsreplication.audit;
