/** Datasets, snapshots and replication plans: which snapshots to take and which send steps bring a target up to date. */
package io.jenkins.plugins.zfsreplication.plan;
