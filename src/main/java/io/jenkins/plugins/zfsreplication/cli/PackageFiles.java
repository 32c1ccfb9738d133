package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * What the package installs beside the jar that is made from the picocli model at build time: the
 * man pages ({@code man1/*.1}) and the bash completion ({@code bash-completion/zfs-replication}).
 * Run by the offline build after the jar is made: {@code java -cp zfs-replication-cli.jar
 * io.jenkins.plugins.zfsreplication.cli.PackageFiles DIR}.
 */
public final class PackageFiles {
    private PackageFiles() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: PackageFiles DIR");
        }
        write(Path.of(args[0]));
    }

    static void write(Path dir) throws IOException {
        CommandLine model = model();
        Path man = Files.createDirectories(dir.resolve("man1"));
        for (Map.Entry<String, String> page : ManPages.all(model, Version.current()).entrySet()) {
            AtomicFile.write(man.resolve(page.getKey()), page.getValue());
        }
        Path completion = Files.createDirectories(dir.resolve("bash-completion"));
        AtomicFile.write(completion.resolve("zfs-replication"), AutoComplete.bash("zfs-replication", model));
    }

    /** The model of every command, its streams going nowhere: nothing runs. */
    static CommandLine model() {
        return Main.commandLine(CliEnvironment.modelOnly());
    }
}
