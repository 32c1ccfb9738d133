package io.jenkins.plugins.zfsreplication.steps.shared;

import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Optional;

import hudson.AbortException;
import hudson.FilePath;
import hudson.model.Computer;
import hudson.model.Item;
import hudson.model.Job;
import hudson.model.Label;
import hudson.model.Node;
import hudson.model.Queue;
import hudson.model.Run;
import hudson.model.labels.LabelAssignmentAction;
import hudson.model.queue.CauseOfBlockage;
import hudson.model.queue.QueueTaskDispatcher;
import hudson.model.queue.SubTask;
import hudson.remoting.VirtualChannel;
import hudson.util.ComboBoxModel;
import io.jenkins.plugins.zfsreplication.zfs.End;
import jenkins.model.Jenkins;

/**
 * The agent of the target host, named in a step's {@code targetAgent}: it must exist, be online,
 * and Jenkins must let this build run there. Jenkins decides as the queue decides before it hands
 * the agent an executor: Agent/Build for the build's authentication (the authentication of the
 * thread a step or builder runs in), then {@code Node.canTake} (labels, EXCLUSIVE mode, Agent/Build
 * for the authentication the queue gives the job, node properties such as Job Restrictions'), then
 * every {@code QueueTaskDispatcher}, then whether the agent is online (not marked temporarily
 * offline) and accepting tasks. The item asked about is the build's job: a freestyle project is
 * held to its own label ("Restrict where this project can be run"); a Pipeline names the agent as
 * {@code node('agent')} would (its self label), since a Pipeline job's own label is the controller's.
 *
 * @param name    the node name, as in Manage Jenkins » Nodes
 * @param channel its remoting channel: the target's callables run over it
 * @param root    its remote root directory (the receiving side's work directories go below it)
 */
public record TargetAgent(String name, VirtualChannel channel, FilePath root) {
    /** Null for a blank name (the step runs as without a target agent). */
    public static TargetAgent of(String step, String name, Run<?, ?> run) throws AbortException {
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
        Optional<String> refusal = NodeAdmission.firstRefusal(questions(node, computer, run));
        if (refusal.isPresent()) {
            throw new AbortException(String.format("%s: Jenkins does not let this build run on agent '%s': %s "
                    + "(the same rules decide where the queue runs builds: check the agent's labels, usage "
                    + "mode and restrictions, or name another targetAgent)", step, nodeName, refusal.get()));
        }
        VirtualChannel channel = computer == null ? null : computer.getChannel();
        FilePath root = node.getRootPath();
        if (channel == null || root == null) {
            throw new AbortException(String.format("%s: agent '%s' is offline: bring it online (Manage Jenkins » Nodes) "
                    + "and run the build again", step, nodeName));
        }
        return new TargetAgent(nodeName, channel, root);
    }

    /** The queue's questions, in the queue's order (Queue.JobOffer.getCauseOfBlockage without the executor's). */
    private static List<NodeAdmission.Asked> questions(Node node, Computer computer, Run<?, ?> run) {
        List<NodeAdmission.Asked> questions = new ArrayList<>();
        Job<?, ?> job = run.getParent();
        if (!(job instanceof Queue.Task task)) {
            questions.add(new NodeAdmission.Asked("the job", () -> String.format("a %s cannot be checked against the "
                    + "agent's restrictions", job.getClass().getName())));
            return questions;
        }
        Queue.BuildableItem item = new Queue.BuildableItem(new Queue.WaitingItem(Calendar.getInstance(), task,
                task instanceof Queue.FlyweightTask ? List.of(new NamedNode(node.getSelfLabel())) : List.of()));
        questions.add(new NodeAdmission.Asked("agent " + node.getNodeName(),
                () -> reason(node.canTake(item))));
        for (QueueTaskDispatcher dispatcher : QueueTaskDispatcher.all()) {
            questions.add(new NodeAdmission.Asked(dispatcher.getClass().getName(),
                    () -> reason(dispatcher.canTake(node, item))));
        }
        questions.add(new NodeAdmission.Asked("agent " + node.getNodeName(), () -> online(computer)));
        return questions;
    }

    private static String reason(CauseOfBlockage cause) {
        return cause == null ? null : String.valueOf(cause.getShortDescription());
    }

    private static String online(Computer computer) {
        if (computer == null) {
            return "it has no executors (no computer)";
        }
        if (computer.isOffline()) {
            String cause = computer.getOfflineCauseReason();
            return computer.getChannel() == null ? "it is offline" : "it is marked temporarily offline"
                    + (cause == null || cause.isBlank() ? "" : " (" + cause + ")");
        }
        return computer.isAcceptingTasks() ? null : "it is not accepting tasks";
    }

    /**
     * How a Pipeline's {@code node('agent')} names one agent: its self label, so that the node's
     * label check passes and EXCLUSIVE mode takes it, as it takes a node block naming it.
     */
    private record NamedNode(Label label) implements LabelAssignmentAction {
        @Override
        public Label getAssignedLabel(SubTask task) {
            return label;
        }

        @Override
        public String getIconFileName() {
            return null;
        }

        @Override
        public String getDisplayName() {
            return null;
        }

        @Override
        public String getUrlName() {
            return null;
        }
    }

    /**
     * The agents' names for a target agent's combobox, to those who may configure {@code item} (the step
     * checks at run time that the build may use the one named).
     */
    public static ComboBoxModel formChoices(Item item) {
        ComboBoxModel names = new ComboBoxModel();
        if (item != null && item.hasPermission(Item.CONFIGURE)) {
            for (Node node : Jenkins.get().getNodes()) {
                names.add(node.getNodeName());
            }
        }
        return names;
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
        return new End.Elsewhere(name).planHost();
    }
}
