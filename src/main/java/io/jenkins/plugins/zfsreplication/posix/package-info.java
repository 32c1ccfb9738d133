/** The few native calls the engine needs (lseek SEEK_DATA/SEEK_HOLE, posix_fadvise), wrapped once. */
package io.jenkins.plugins.zfsreplication.posix;
