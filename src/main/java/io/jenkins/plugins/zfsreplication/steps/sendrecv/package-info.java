/** zfsSendRecv: the Pipeline step, its freestyle builder, its settings, and the callables that send on the source's agent and receive on the target's (tcp). */
package io.jenkins.plugins.zfsreplication.steps.sendrecv;
