package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;

import io.jenkins.plugins.zfsreplication.zfs.Feature;

/**
 * The send/recv options a user asks for by name. Each is used only where the capability probe says
 * both ends support it; {@link OptionResolver} drops the others and says why.
 *
 * <p>An option is declared here alone: its flag, the command that takes it and whose zfs must have
 * which {@link Feature} (a new feature is one line in {@link Feature}, which the probe reads). The
 * command line's {@code --option} and the Jenkins step's {@code options} take it by
 * {@link #optionName()}; {@link ZfsStreamCommands} puts its flag on the command.
 */
public enum SendOption {
    /** {@code send -w}: encrypted datasets as stored, the key never leaves the source. */
    RAW("-w", Feature.RAW_SEND, Side.SEND),
    /** {@code send -c}: compressed blocks stay compressed on the wire. */
    COMPRESSED("-c", Feature.COMPRESSED_SEND, Side.SEND),
    /** {@code send -L}: records over 128 KiB stay large. */
    LARGE_BLOCKS("-L", Feature.LARGE_BLOCKS, Side.SEND),
    /** {@code send -e}: embedded-data blocks sent as such. */
    EMBEDDED("-e", Feature.EMBEDDED_DATA, Side.SEND),
    /** {@code send -p}: the dataset's properties travel with the stream (every zfs has it). */
    PROPERTIES("-p", null, Side.SEND),
    /** {@code recv -s}: an interrupted receive keeps its state and resumes with {@code send -t}. */
    RESUMABLE("-s", Feature.RESUME_TOKENS, Side.BOTH),
    /** {@code recv -u}: received file systems are not mounted (asked for unless the run mounts them). */
    NO_MOUNT("-u", Feature.RECEIVE_NO_MOUNT, Side.RECEIVE),
    /**
     * {@code recv -x mountpoint -x canmount ... -x refreservation -x checksum ...}: whatever
     * properties a stream carries, the target host's own values decide where and whether a received
     * file system mounts, shares or runs anything, and what it takes of the pool's space and
     * integrity: a stream sets only an allowlist (asked for always; {@link ReceivedProperties} says
     * which, and checks after the receive).
     */
    NEUTRALISE("-x", Feature.RECEIVE_OVERRIDES, Side.RECEIVE),
    /**
     * {@code send -b}: the properties the source received, not its local overrides: a backup of a
     * backup gets what the first host sent, not the middle one's readonly=on or canmount=off.
     */
    BACKUP("-b", Feature.SEND_BACKUP, Side.SOURCE);

    /** Which command takes the flag, and whose zfs must have the feature. */
    public enum Side {
        /** A {@code zfs send} flag; both ends need the feature (the receiver must read the stream). */
        SEND,
        /** A {@code zfs send} flag only the source's zfs needs: the stream it makes is one any receiver reads. */
        SOURCE,
        /** A {@code zfs recv} flag that needs the feature on both ends (resuming needs {@code send -t}). */
        BOTH,
        /** A {@code zfs recv} flag only the target's zfs needs to have. */
        RECEIVE
    }

    private final String flag;
    private final Feature feature;
    private final Side side;

    SendOption(String flag, Feature feature, Side side) {
        this.flag = flag;
        this.feature = feature;
        this.side = side;
    }

    /** True when the flag goes on {@code zfs recv}, not on {@code zfs send}. */
    public boolean onReceive() {
        return side == Side.BOTH || side == Side.RECEIVE;
    }

    /** True when the source's zfs must have the feature. */
    public boolean needsSource() {
        return side != Side.RECEIVE;
    }

    /** True when the target's zfs must have the feature. */
    public boolean needsTarget() {
        return side != Side.SOURCE;
    }

    /** The flag on {@code zfs send}, or on {@code zfs recv} when {@link #onReceive()}. */
    public String flag() {
        return flag;
    }

    /** The capability both ends need; null when every zfs has it. */
    public Feature feature() {
        return feature;
    }

    /** The name users write: "raw", "compressed", "large-blocks", ... */
    public String optionName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static SendOption byName(String name) {
        for (SendOption option : values()) {
            if (option.optionName().equals(name.strip().toLowerCase(Locale.ROOT))) {
                return option;
            }
        }
        throw new TransferException("Unknown send option '%s': use %s", name, String.join(", ", new Names()));
    }

    /** Every option's name, in declaration order: what help texts list (picocli's completion candidates). */
    public static final class Names implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(values()).map(SendOption::optionName).iterator();
        }
    }
}
