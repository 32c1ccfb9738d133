package io.jenkins.plugins.zfsreplication.zfs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Runs {@code args[0]} commands at once, each writing {@code args[1]} bytes to stdout and then as
 * many to stderr, and prints one line per command with what came back. Run in a JVM of its own,
 * so that the common ForkJoin pool can be given the size of a small host's.
 */
public final class ConcurrentCommands {
    private ConcurrentCommands() {
    }

    public static void main(String[] args) throws InterruptedException {
        int commands = Integer.parseInt(args[0]);
        int bytes = Integer.parseInt(args[1]);
        String script = "head -c " + bytes + " /dev/zero | tr '\\0' o; head -c " + bytes + " /dev/zero | tr '\\0' e >&2";
        ProcessCommandRunner runner = new ProcessCommandRunner();
        AtomicReferenceArray<String> lines = new AtomicReferenceArray<>(commands);
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < commands; i++) {
            int index = i;
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                    CommandResult result = runner.run(List.of("sh", "-c", script), Duration.ofSeconds(20));
                    lines.set(index, "exit " + result.exitStatus() + " stdout " + count(result.stdout(), 'o')
                            + " stderr " + drained(result.stderr(), 'e'));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (RuntimeException e) {
                    lines.set(index, e.getMessage());
                }
            });
            thread.start();
            threads.add(thread);
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        for (int i = 0; i < commands; i++) {
            System.out.println(lines.get(i));
        }
    }

    /** The bytes of stderr: those kept, all {@code c}, and those the runner read and dropped (it says how many). */
    private static long drained(String stderr, char c) {
        java.util.regex.Matcher note = java.util.regex.Pattern.compile("\\n\\((\\d+) more bytes not kept\\)$").matcher(stderr);
        if (!note.find()) {
            return count(stderr, c);
        }
        int kept = count(stderr.substring(0, note.start()), c);
        return kept < 0 ? -1 : kept + Long.parseLong(note.group(1));
    }

    /** How many characters of {@code text} are {@code c}, or -1 when any other character is in it. */
    private static int count(String text, char c) {
        return text.chars().allMatch(x -> x == c) ? text.length() : -1;
    }
}
