/** What a model without images reads where a tool result's images were. */
export function imagesNotSentNote(count: number): string {
  return `[Switchboard: ${count} image${count === 1 ? '' : 's'} not sent: this model is set to receive no images (agent.model.images: false)]`;
}
