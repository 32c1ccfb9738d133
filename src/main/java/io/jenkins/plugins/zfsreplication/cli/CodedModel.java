package io.jenkins.plugins.zfsreplication.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A command model written in code with picocli's programmatic API, for the commands whose start
 * is measured ({@code verify}, {@code compare}). picocli builds an annotated command's model by
 * reflection, with a proxy class generated per annotation type that no class-data archive holds:
 * about 30 ms of a 6-byte verify's 130. A coded model parses, prints its usage and reports errors
 * exactly as the annotated one did (a test holds each command's usage to its reference page).
 * Values are read back from the model ({@link #value}), so no setter classes are needed.
 */
final class CodedModel {
    /** Whether a command gets picocli's standard help options itself or from the command above it. */
    enum StandardHelp {
        /**
         * {@code -h, --help} and {@code -V, --version} added as plain options, as picocli's mixin
         * has them (which would be read by reflection): the command alone under a bare root.
         */
        OWN,
        /**
         * Left to the annotated root, which hands them, and its version, to every subcommand when it
         * is added (its scope is INHERIT): after the command's own options, as an annotated one's.
         */
        INHERITED
    }

    private CodedModel() {
    }

    /** A command named {@code name} whose user object is {@code command} (run by picocli: a Callable). */
    static CommandSpec command(Object command, String name, StandardHelp help, String... description) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(name);
        spec.usageMessage().description(description);
        if (help == StandardHelp.OWN) {
            spec.versionProvider(new Version());
            spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                    .description("Show this help message and exit.").build());
            spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                    .description("Print version information and exit.").build());
        }
        return spec;
    }

    /** An option taking a value of {@code type}, shown as {@code label}; {@code defaultValue} may be null. */
    static OptionSpec option(String[] names, String label, Class<?> type, String defaultValue, String... description) {
        OptionSpec.Builder builder = OptionSpec.builder(names).paramLabel(label).type(type).description(description);
        if (defaultValue != null) {
            builder.defaultValue(defaultValue);
        }
        return builder.build();
    }

    /** A boolean option without a value, false unless given. */
    static OptionSpec flag(String name, String... description) {
        return OptionSpec.builder(name).type(boolean.class).initialValue(false).description(description).build();
    }

    /** A required positional parameter at {@code index}, one value. */
    static PositionalParamSpec positional(int index, String label, Class<?> type, String... description) {
        return PositionalParamSpec.builder().index(Integer.toString(index)).arity("1").required(true).paramLabel(label).type(type)
                .description(description).build();
    }

    /** The value {@code name} (an option's longest name, or a positional's label) holds after parsing. */
    static <T> T value(CommandSpec spec, String name) {
        OptionSpec option = spec.findOption(name);
        if (option != null) {
            return option.getValue();
        }
        for (PositionalParamSpec positional : spec.positionalParameters()) {
            if (positional.paramLabel().equals(name)) {
                return positional.getValue();
            }
        }
        throw new IllegalArgumentException("no option or parameter " + name + " in " + spec.name());
    }
}
