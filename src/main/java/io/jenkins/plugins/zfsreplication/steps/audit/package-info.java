/**
 * The build's audit trail in Jenkins: audit.json written on the controller from the archived
 * artifacts after each zfs step, linked to the previous completed build's through the job's
 * history, and Jenkins fingerprints of every manifest and record the steps archived.
 */
package io.jenkins.plugins.zfsreplication.steps.audit;
