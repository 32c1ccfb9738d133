package io.jenkins.plugins.zfsreplication.transfer;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What a transport starts for one step: the sending side's stages (source, compression, buffer),
 * the receiving side's (decompression, sink), where each side runs, and a private directory for
 * the named pipes and the stages' stderr files.
 */
public record PipelineSpec(String label, List<StageCommand> sendSide, List<StageCommand> receiveSide,
                           Launcher sender, Launcher receiver, Path workDir, TransferOptions options) {
    public PipelineSpec {
        Objects.requireNonNull(label, "label");
        sendSide = List.copyOf(sendSide);
        receiveSide = List.copyOf(receiveSide);
        Objects.requireNonNull(sender, "sender");
        Objects.requireNonNull(receiver, "receiver");
        Objects.requireNonNull(workDir, "workDir");
        Objects.requireNonNull(options, "options");
        if (sendSide.isEmpty() || receiveSide.isEmpty()) {
            throw new TransferException("A pipeline needs a source and a sink");
        }
    }
}
