package io.jenkins.plugins.zfsreplication.check;

import java.util.Objects;

/**
 * What a night verified of one dataset's copy, as the check judges it: WARNING when the night was to
 * compare the copy with the source ({@code verify = copy}) and compared none, OK otherwise.
 *
 * @param dataset the source dataset
 * @param reason  one line: what the night verified, or why it did not compare the copy
 */
public record VerifiedCopy(String dataset, CheckStatus status, String reason) {
    public VerifiedCopy {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reason, "reason");
    }
}
