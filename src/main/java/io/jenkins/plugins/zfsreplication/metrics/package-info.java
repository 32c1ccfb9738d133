/**
 * Metrics of every run in the Prometheus text exposition format, for node_exporter's textfile
 * collector: counters that add up across runs, gauges of the last run, written atomically.
 */
package io.jenkins.plugins.zfsreplication.metrics;
