/** Sparse-aware chunk hashing of files, trees and block devices; checksum manifests and their comparison. */
package io.jenkins.plugins.zfsreplication.verify;
