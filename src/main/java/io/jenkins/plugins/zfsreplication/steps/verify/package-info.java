/** zfsVerify: the Pipeline step, its freestyle builder, its settings and the callable that hashes on the agent. */
package io.jenkins.plugins.zfsreplication.steps.verify;
