/** The Jenkins layer, one sub-package per step (plan, prune, sendrecv, verify, check), one for what they share (shared), one for the build and job pages (views) and one for old saved class names (compat); the only packages that import Jenkins types. The system configuration stays here: Jenkins saves it in a file named after its class. */
package io.jenkins.plugins.zfsreplication.steps;
