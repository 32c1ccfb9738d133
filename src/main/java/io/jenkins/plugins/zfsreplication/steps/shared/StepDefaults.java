package io.jenkins.plugins.zfsreplication.steps.shared;

import java.io.Serializable;

import io.jenkins.plugins.zfsreplication.topology.Carriage;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;

/**
 * The values a step uses for fields its configuration leaves empty: the system configuration's
 * ({@code steps.ZfsReplicationConfiguration}), and where that is empty too, the built-in ones.
 *
 * @param concurrency      datasets transferred at once; 0 takes the built-in value
 * @param sshCredentialsId an "SSH Username with private key" credential for the ssh transport; "" for the
 *                         agent user's own keys
 */
public record StepDefaults(String hash, String blockSize, int concurrency, String transport, String sshCredentialsId)
        implements Serializable {
    private static final long serialVersionUID = 1L;
    public static final StepDefaults BUILT_IN = new StepDefaults(VerifyOptions.DEFAULT_HASH,
            VerifyOptions.DEFAULT_BLOCK_SIZE_TEXT, 1, Carriage.PIPE.word(), "");

    public StepDefaults {
        hash = or(hash, VerifyOptions.DEFAULT_HASH);
        blockSize = or(blockSize, VerifyOptions.DEFAULT_BLOCK_SIZE_TEXT);
        concurrency = concurrency > 0 ? concurrency : 1;
        transport = or(transport, Carriage.PIPE.word());
        sshCredentialsId = or(sshCredentialsId, "");
    }

    /** A step's hash: its own, else this default. */
    public String hash(String field) {
        return or(field, hash);
    }

    public String blockSize(String field) {
        return or(field, blockSize);
    }

    /** A step's concurrency: its own when positive (0 means "not set"), else this default. */
    public int concurrency(int field) {
        return field > 0 ? field : concurrency;
    }

    public String transport(String field) {
        return or(field, transport);
    }

    public String sshCredentialsId(String field) {
        return or(field, sshCredentialsId);
    }

    /** A field as stored: null when empty (the default applies), else the value without surrounding blanks. */
    public static String unset(String field) {
        return field == null || field.isBlank() ? null : field.strip();
    }

    private static String or(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value.strip();
    }
}
