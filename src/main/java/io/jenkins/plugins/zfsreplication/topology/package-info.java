/**
 * The replication's topology as a value: where each end runs ({@code zfs.End}), how the bytes travel
 * ({@link io.jenkins.plugins.zfsreplication.topology.Carriage}), and the one place that turns them
 * into a transport and each end's zfs ({@link io.jenkins.plugins.zfsreplication.topology.Topology}).
 */
package io.jenkins.plugins.zfsreplication.topology;
