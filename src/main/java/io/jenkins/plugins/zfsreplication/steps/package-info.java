/** The Jenkins layer: Pipeline steps, freestyle builders, descriptors and the callables that run engine code on agents. The only package that imports Jenkins types. */
package io.jenkins.plugins.zfsreplication.steps;
