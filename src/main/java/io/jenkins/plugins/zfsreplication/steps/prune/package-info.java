/** zfsPrune: the Pipeline step, its freestyle builder, its settings and the callables that prune on the source's and the target's agents. */
package io.jenkins.plugins.zfsreplication.steps.prune;
