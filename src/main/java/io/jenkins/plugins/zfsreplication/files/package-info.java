/**
 * Files safely: written whole or not at all, never through a link someone planted; read from
 * outside only as bounded regular files; their SHA-256; the fields of a JSON record read back strictly.
 */
package io.jenkins.plugins.zfsreplication.files;
