package io.jenkins.plugins.zfsreplication.transfer;

import java.util.EnumSet;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.Encryption;
import io.jenkins.plugins.zfsreplication.zfs.Feature;

/**
 * How an encrypted dataset is sent: raw ({@code zfs send -w}) unless the run asks for decrypted
 * sends, so that the backup host never sees plaintext or a key, and a new target is created
 * encrypted with the source's key (not loaded there). Where raw sends are impossible the dataset
 * is not sent at all rather than decrypted behind the user's back.
 */
public final class EncryptedSends {
    private EncryptedSends() {
    }

    /**
     * The options a dataset's steps use.
     *
     * @param used    the options in use for every dataset of the run
     * @param note    what to log about this dataset's encryption; null for an unencrypted dataset
     * @param refusal why the dataset is not sent; null when it is
     */
    public record Choice(Set<SendOption> used, String note, String refusal) {
    }

    public static Choice choose(DatasetPlan dataset, Set<SendOption> used, TransferOptions options, TransferSetup setup) {
        Encryption encryption = dataset.encryption();
        if (encryption == null) {
            return new Choice(used, null, null);
        }
        String what = dataset.source() + " is " + encryption.describe();
        Set<SendOption> chosen = used.isEmpty() ? EnumSet.noneOf(SendOption.class) : EnumSet.copyOf(used);
        if (options.stream().sendDecrypted()) {
            if (!encryption.keyLoaded()) {
                return new Choice(used, null, what + ": a decrypted send needs its key loaded on the source (zfs "
                        + "load-key), or send it raw (the default); nothing was sent");
            }
            chosen.remove(SendOption.RAW);
            return new Choice(Set.copyOf(chosen), what + ": sent DECRYPTED as asked (send-decrypted): the stream and the "
                    + "target hold plaintext, under the target's own encryption settings", null);
        }
        boolean sourceRaw = setup.sourceCapabilities().has(Feature.RAW_SEND);
        boolean targetRaw = setup.targetCapabilities().has(Feature.RAW_SEND);
        if (!sourceRaw || !targetRaw) {
            return new Choice(used, null, String.format("%s: it is sent raw (zfs send -w), which the %s's zfs lacks;"
                    + " a decrypted send only when asked for (send-decrypted); nothing was sent", what,
                    sourceRaw ? "target" : "source"));
        }
        chosen.add(SendOption.RAW);
        return new Choice(Set.copyOf(chosen), what + ": sent raw (zfs send -w): the target stores it encrypted and "
                + "never sees the key", null);
    }
}
