/**
 * Files safely: written whole or not at all, never through a link someone planted; read from
 * outside only as bounded regular files.
 */
package io.jenkins.plugins.zfsreplication.files;
