/** What the steps share: the base step, descriptor, execution and builder, the defaults of the system configuration, form checks, and the target agent's listing. */
package io.jenkins.plugins.zfsreplication.steps.shared;
