/** zfsCheck: the freshness check as a Pipeline step and freestyle builder (UNSTABLE or FAILURE by the thresholds). */
package io.jenkins.plugins.zfsreplication.steps.check;
