/** zfsSnapshotPlan: the Pipeline step, its freestyle builder, its settings and the callable that plans on the agent. */
package io.jenkins.plugins.zfsreplication.steps.plan;
