package io.jenkins.plugins.zfsreplication.files;

/**
 * Runs cleanup with this thread's interrupt flag cleared, and sets it again afterwards (also when
 * an interrupt came meanwhile). An interrupted thread can neither run a command (the command runner
 * ends the process of an interrupted thread) nor write a file (an interrupted file channel closes
 * itself), yet what a cancelled run must still do (destroy a temporary clone, write its last
 * record, make a failed receive safe) needs both; the cancel is passed on once it is done.
 */
public final class InterruptCleared {
    private InterruptCleared() {
    }

    /** Work that returns a value and may throw {@code E}. */
    @FunctionalInterface
    public interface Work<T, E extends Exception> {
        T run() throws E;
    }

    /** Work that may throw {@code E}. */
    @FunctionalInterface
    public interface Action<E extends Exception> {
        void run() throws E;
    }

    /** {@code work}'s value; its exception as it was thrown. */
    public static <T, E extends Exception> T call(Work<T, E> work) throws E {
        boolean interrupted = Thread.interrupted();
        try {
            return work.run();
        } finally {
            if (interrupted || Thread.interrupted()) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Runs {@code action}; its exception as it was thrown. */
    public static <E extends Exception> void run(Action<E> action) throws E {
        call(() -> {
            action.run();
            return null;
        });
    }
}
