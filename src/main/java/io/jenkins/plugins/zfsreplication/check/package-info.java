/**
 * Freshness checks: how old the newest snapshot common to source and target is, per dataset, judged
 * against warning and critical ages, in the form monitoring systems read (Nagios/Icinga plugin
 * output and exit statuses, JSON).
 */
package io.jenkins.plugins.zfsreplication.check;
