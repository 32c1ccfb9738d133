/** The send/recv pipeline: processes wired by file descriptors, transports between hosts, throughput sampling. */
package io.jenkins.plugins.zfsreplication.transfer;
