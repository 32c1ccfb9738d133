/** The tcp transport and the receiving side between two hosts: listener and connector with a one-time token, the receive server on the target's agent and the sending side's transport to it. */
package io.jenkins.plugins.zfsreplication.transfer.tcp;
