package io.jenkins.plugins.zfsreplication.plan;

import java.util.List;
import java.util.Objects;

import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * How a source dataset is encrypted, as the planning listing showed it: the transfer sends such a
 * dataset raw ({@code zfs send -w}) unless asked otherwise, so that the backup host never sees
 * plaintext or a key.
 *
 * @param cipher    the {@code encryption} property (e.g. aes-256-gcm), never "off"
 * @param root      the {@code encryptionroot}: the dataset whose key this one uses; "" when zfs showed none
 * @param keyStatus the {@code keystatus}: "available" when the key is loaded, "unavailable" when not
 */
public record Encryption(String cipher, String root, String keyStatus) {
    /** The properties a listing needs for this, on a zfs that has encryption ({@code send -w}). */
    public static final List<String> PROPERTIES = List.of("encryption", "encryptionroot", "keystatus");

    public Encryption {
        Objects.requireNonNull(cipher, "cipher");
        root = root == null ? "" : root;
        keyStatus = keyStatus == null ? "" : keyStatus;
        if (!cipher.matches("[a-z0-9-]{1,32}") || cipher.equals("off")) {
            throw new PlanException("Invalid encryption '%s': a zfs cipher such as aes-256-gcm", cipher);
        }
        if (!keyStatus.matches("[a-z]{0,16}")) {
            throw new PlanException("Invalid key status '%s'", keyStatus);
        }
        if (!root.isEmpty()) {
            io.jenkins.plugins.zfsreplication.zfs.DatasetName.of(root);
        }
    }

    /** The dataset's encryption, or null when the listing shows it unencrypted (or has no such property). */
    public static Encryption of(ZfsObject dataset) {
        String cipher = dataset.property("encryption").orElse("off");
        if (cipher.equals("off")) {
            return null;
        }
        return new Encryption(cipher, dataset.property("encryptionroot").orElse(""),
                dataset.property("keystatus").orElse(""));
    }

    public boolean keyLoaded() {
        return keyStatus.equals("available");
    }

    /** "encrypted (aes-256-gcm, encryption root tank/secret, key available)". */
    public String describe() {
        return String.format("encrypted (%s%s%s)", cipher, root.isEmpty() ? "" : ", encryption root " + root,
                keyStatus.isEmpty() ? "" : ", key " + keyStatus);
    }
}
