/** Process plumbing below the engine: where a side's processes run, starting a pipeline's stages wired by file descriptors, their exit and stderr. Knows nothing of transfer or transfer.tcp. */
package io.jenkins.plugins.zfsreplication.transfer.process;
