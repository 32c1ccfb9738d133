/**
 * zfsCoverage: the Pipeline step, its freestyle builder, its settings and the callable that runs a
 * night of verify coverage on the agent that holds the copy.
 */
package io.jenkins.plugins.zfsreplication.steps.coverage;
