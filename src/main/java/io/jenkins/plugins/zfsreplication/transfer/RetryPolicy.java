package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * When a failed step is tried again: only for failures that a moment later may not happen again
 * (the link dropped, ssh could not connect, the target was busy), at most {@code retries} times,
 * waiting {@code delay}, then twice that, four times ... before each. Anything else (zfs refused
 * the stream, a permission, a missing dataset) fails at once: trying again would only fail again.
 *
 * @param retries how many times a step is tried again after its first attempt (0: never)
 * @param delay   the wait before the first retry; each further one waits twice the one before
 */
public record RetryPolicy(int retries, Duration delay) implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    /** Before the constants below: their constructor checks against it. */
    private static final Duration LONGEST_DELAY = Duration.ofHours(1);
    /** Two retries, 30 s and 60 s after the failures: a dropped link or a reboot of a router. */
    public static final RetryPolicy DEFAULT = new RetryPolicy(2, Duration.ofSeconds(30));
    public static final RetryPolicy NONE = new RetryPolicy(0, Duration.ZERO);

    /** What makes a failure transient, matched in the step's error text (lower case), and how the log calls it. */
    private static final List<Transient> TRANSIENT = List.of(
            new Transient(Pattern.compile("connection reset"), "the connection was reset"),
            new Transient(Pattern.compile("\\bssh \\S+ exited 255\\b"), "ssh could not reach the host (exit 255)"),
            new Transient(Pattern.compile("connection (refused|timed out)|no route to host|network is unreachable"),
                    "the host could not be reached"),
            new Transient(Pattern.compile("dataset is busy|pool i/o is currently suspended"), "the target was busy"),
            new Transient(Pattern.compile("the connection went silent|ended while the stream was incomplete"),
                    "the link dropped"));

    private record Transient(Pattern pattern, String reason) {
    }

    public RetryPolicy {
        if (retries < 0 || retries > 10) {
            throw new TransferException("Retries must be between 0 and 10, not %d", retries);
        }
        if (delay.isNegative() || delay.compareTo(LONGEST_DELAY) > 0) {
            throw new TransferException("The retry delay must be between 0 and %d s, not %d s",
                    LONGEST_DELAY.toSeconds(), delay.toSeconds());
        }
    }

    /** The wait before retry {@code retry} (1 for the first): the delay doubled for each retry before it. */
    public Duration delayBefore(int retry) {
        Duration wait = delay.multipliedBy(1L << Math.min(retry - 1, 20));
        return wait.compareTo(LONGEST_DELAY) > 0 ? LONGEST_DELAY : wait;
    }

    /** Why a step that failed with {@code error} may succeed when tried again, or null when it would not. */
    public static String transientReason(String error) {
        String text = error.toLowerCase(Locale.ROOT);
        for (Transient candidate : TRANSIENT) {
            if (candidate.pattern().matcher(text).find()) {
                return candidate.reason();
            }
        }
        return null;
    }
}
