/** The command that confirms a waiting server's launch, with this command's --config and --data-dir. */
export function confirmLaunchCommand(server: string, flags: { config?: string; dataDir?: string } = {}): string {
  return `switchboard confirm-launch ${server}${flags.config ? ` --config ${flags.config}` : ''}${flags.dataDir ? ` --data-dir ${flags.dataDir}` : ''}`;
}
