/**
 * Verify coverage: every byte of every retained backup snapshot read again on the backup host and
 * matched against the source's manifest within N nights, a slice a night, proven by a ledger that
 * joins the audit chain.
 */
package io.jenkins.plugins.zfsreplication.coverage;
