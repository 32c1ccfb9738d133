package io.jenkins.plugins.zfsreplication.steps.shared;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.Callable;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Result;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.security.ACL;
import hudson.security.ACLContext;
import jenkins.model.Jenkins;
import org.jenkinsci.plugins.workflow.actions.WarningAction;
import org.jenkinsci.plugins.workflow.graph.FlowNode;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepExecution;
import org.springframework.security.core.Authentication;

/**
 * Runs a step's {@link StepRunner} on a {@link StepWorker} thread, as the build's authentication;
 * the work itself happens on agents. What it keeps in program.dat is the function name and the
 * runner (settings only); the worker, the run, workspace, launcher and listener are not kept.
 *
 * <p>An abort interrupts the worker, which the runners pass on to the agents (every pipeline
 * process ends), and the step ends from the worker once the records and audit.json are written.
 * A controller restart cuts the step: the agents' side ends with the controller's channel, and the
 * step read back from program.dat fails at once with the reason ({@link #onResume()}); the next run
 * resumes an interrupted transfer from the target's resume token. A graceful restart ("safe
 * restart") waits for running zfs steps ({@link #blocksRestart()}).
 */
final class ZfsStepExecution extends StepExecution {
    private static final long serialVersionUID = 1L;
    private final String functionName;
    private final StepRunner runner;
    /** Null before start, and in an execution read back from program.dat after a restart. */
    private transient volatile StepWorker worker;

    ZfsStepExecution(StepContext context, String functionName, StepRunner runner) {
        super(context);
        this.functionName = functionName;
        this.runner = runner;
    }

    @Override
    public boolean start() {
        return start(getContext(), work(getContext(), Jenkins.getAuthentication2()));
    }

    /** The runner with what the context gives it, as the authentication that started the step. */
    private Callable<Object> work(StepContext context, Authentication authentication) {
        return () -> {
            try (ACLContext ignored = ACL.as2(authentication)) {
                Map<String, Object> value = StepRunner.runAudited(runner, context.get(Run.class),
                        context.get(FilePath.class), context.get(Launcher.class), context.get(TaskListener.class));
                String warning = runner.warning(value);
                FlowNode node = warning == null ? null : context.get(FlowNode.class);
                if (node != null) {
                    // the stage shows what the step did to the build (Pipeline Graph View, stage views)
                    node.addOrReplaceAction(new WarningAction(Result.UNSTABLE).withMessage(warning));
                }
                return value;
            }
        };
    }

    /** Runs {@code work} as this step's on its worker, which ends the step through {@code context}. */
    boolean start(StepContext context, Callable<?> work) {
        worker = StepWorker.start(functionName + " step", work, context);
        return false;
    }

    @Override
    public void stop(@NonNull Throwable cause) {
        StepWorker running = worker;
        if (running == null) {
            getContext().onFailure(cause); // never started, or read back after a restart: nothing runs
        } else {
            running.stop(cause);
        }
    }

    /**
     * After a controller restart: the work this step started ended with the controller (its agent
     * calls are cancelled when the channel closes), so the step fails now, with what to do.
     */
    @Override
    public void onResume() {
        getContext().onFailure(cutByRestart(functionName));
    }

    static IOException cutByRestart(String functionName) {
        return new AbortException(functionName + " was cut by a restart of the Jenkins controller: its work on the "
                + "agents was cancelled when their connection to the controller closed, and nothing of it was "
                + "archived. Run the build again: a zfsSendRecv with options 'resumable' resumes each interrupted "
                + "receive from the target's resume token, other receives start over.");
    }

    @Override
    public String getStatus() {
        StepWorker running = worker;
        return running == null ? "not running (never started, or the controller restarted)" : running.status();
    }

    @Override
    public boolean blocksRestart() {
        StepWorker running = worker;
        return running != null && running.running();
    }
}
