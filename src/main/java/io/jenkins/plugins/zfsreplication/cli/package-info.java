/** The standalone command line (zfs-replication plan|prune|send|recv|verify|compare): the engine without Jenkins. */
package io.jenkins.plugins.zfsreplication.cli;
