/** The Jenkins layer, one sub-package per step (plan, prune, sendrecv, verify), one for what they share (shared) and one for the build and job pages (views); the only packages that import Jenkins types. The system configuration stays here: Jenkins saves it in a file named after this class. */
package io.jenkins.plugins.zfsreplication.steps;
