package io.jenkins.plugins.zfsreplication.transfer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.zfs.ResumeToken;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * Whether a target's resume token resumes the step the plan resolved, read from the token itself
 * ({@link ResumeToken}): the same snapshot ({@code toguid}), from the same base ({@code fromguid}; 0
 * for a full stream), with the same send flags. A stream resumed with other flags than its chain was
 * started with is what corrupted data in OpenZFS (large blocks, {@code -L}, switched between
 * incrementals); another snapshot or base means the token belongs to another plan. Either way the
 * token is not used.
 */
final class TokenCheck {
    /** The token's flag for each send option; raw streams are sent compressed as stored, so raw implies it too. */
    private static final Map<String, Set<SendOption>> FLAGS = Map.of(
            "largeblockok", Set.of(SendOption.LARGE_BLOCKS),
            "embedok", Set.of(SendOption.EMBEDDED),
            "compressok", Set.of(SendOption.COMPRESSED, SendOption.RAW),
            "rawok", Set.of(SendOption.RAW));

    private TokenCheck() {
    }

    /**
     * Why the token does not resume {@code step} sent with {@code used}, or empty when it does.
     * A token that cannot be read does not resume anything.
     */
    static Optional<String> mismatch(String token, SendStep step, Set<SendOption> used) {
        ResumeToken read;
        try {
            read = ResumeToken.parse(token);
        } catch (ZfsException e) {
            return Optional.of(e.getMessage());
        }
        List<String> differences = new ArrayList<>();
        if (read.toGuid() != step.to().guid()) {
            differences.add(String.format("it resumes guid %s (%s), this step sends @%s guid %s",
                    Long.toUnsignedString(read.toGuid()), io.jenkins.plugins.zfsreplication.text.TerminalText
                            .line(read.toName()), step.to().name(), step.to().guidText()));
        }
        long from = step.from() == null ? 0 : step.from().guid();
        if (read.fromGuid() != from) {
            differences.add(String.format("it is from %s, this step from %s", base(read.fromGuid()),
                    step.from() == null ? "nothing (a full stream)" : "@" + step.from().name() + " guid "
                            + step.from().guidText()));
        }
        List<String> flags = new ArrayList<>();
        FLAGS.keySet().stream().sorted().forEach(flag -> {
            boolean expected = FLAGS.get(flag).stream().anyMatch(used::contains);
            if (read.has(flag) != expected) {
                flags.add(flag + (read.has(flag) ? " set" : " not set"));
            }
        });
        if (!flags.isEmpty()) {
            differences.add("its send flags differ from this step's (" + String.join(", ", flags) + ")");
        }
        return differences.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", differences));
    }

    private static String base(long guid) {
        return guid == 0 ? "nothing (a full stream)" : "guid " + Long.toUnsignedString(guid);
    }
}
