/** Benchmarks run as separate commands (bin/bench-*), never as tests; results go to docs/benchmarks.md. */
package io.jenkins.plugins.zfsreplication.bench;
