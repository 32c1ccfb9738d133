/** The send/recv step engine: a plan's steps run as pipelines, options resolved against both ends, checks between steps, the report and its artifacts. Processes are in transfer.process, the tcp receiving side in transfer.tcp. */
package io.jenkins.plugins.zfsreplication.transfer;
