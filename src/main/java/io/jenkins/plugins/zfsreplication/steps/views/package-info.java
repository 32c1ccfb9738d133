/** What the build and job pages show: the run's action with one record per step, and the job page's trend. */
package io.jenkins.plugins.zfsreplication.steps.views;
