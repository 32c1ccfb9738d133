package io.jenkins.plugins.zfsreplication.steps.shared;

import java.util.Optional;

import hudson.AbortException;
import hudson.FilePath;
import hudson.model.Computer;
import hudson.model.Node;
import hudson.remoting.VirtualChannel;
import jenkins.model.Jenkins;

/**
 * The agent of the target host, named in a step's {@code targetAgent}: it must exist, be online,
 * and the build must be allowed to build on it. The check is the one the queue makes before a
 * {@code node} block runs there ({@code Node.canTake}: Computer.BUILD on the node for the build's
 * authentication, which is the authentication of the thread a step or builder runs in).
 *
 * @param name    the node name, as in Manage Jenkins » Nodes
 * @param channel its remoting channel: the target's callables run over it
 * @param root    its remote root directory (the receiving side's work directories go below it)
 */
public record TargetAgent(String name, VirtualChannel channel, FilePath root) {
    /** Prefix of the host name a listing from a target agent carries into plan.json. */
    public static final String HOST_PREFIX = "agent:";

    /** Null for a blank name (the step runs as without a target agent). */
    public static TargetAgent of(String step, String name) throws AbortException {
        if (name == null || name.isBlank()) {
            return null;
        }
        String nodeName = name.strip();
        Node node = Jenkins.get().getNode(nodeName);
        if (node == null) {
            throw new AbortException(String.format("%s: there is no agent named '%s': check targetAgent against "
                    + "Manage Jenkins » Nodes", step, nodeName));
        }
        if (!node.hasPermission(Computer.BUILD)) {
            throw new AbortException(String.format("%s: this build may not build on agent '%s' (it lacks Agent/Build "
                    + "there): ask a Jenkins administrator to grant it, or name another targetAgent", step, nodeName));
        }
        Computer computer = node.toComputer();
        VirtualChannel channel = computer == null ? null : computer.getChannel();
        FilePath root = node.getRootPath();
        if (channel == null || root == null) {
            throw new AbortException(String.format("%s: agent '%s' is offline: bring it online (Manage Jenkins » Nodes) "
                    + "and run the build again", step, nodeName));
        }
        return new TargetAgent(nodeName, channel, root);
    }

    /** The form's check: a valid name of a node that exists (being online is checked when the step runs). */
    public static Optional<String> formCheck(String value) {
        Optional<String> syntax = FieldChecks.agentName(value);
        if (syntax.isPresent() || value == null || value.isBlank()) {
            return syntax;
        }
        return Jenkins.get().getNode(value.strip()) == null
                ? Optional.of(String.format("There is no agent named '%s' (Manage Jenkins » Nodes)", value.strip()))
                : Optional.empty();
    }

    /** How plan.json and prune-report.json name the target host. */
    public String host() {
        return HOST_PREFIX + name;
    }
}
