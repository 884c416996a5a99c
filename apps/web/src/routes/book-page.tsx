import useSWR from 'swr';
import { useParams } from 'wouter';

type Property = { PropertyId: number; PropertyCode: string; PropertyName: string; PropertyAddress: string };

const fetchJson = async (url: string) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status}`);
  return response.json();
};

export function BookPage() {
  const { propertyCode } = useParams<{ propertyCode: string }>();
  const { data, error } = useSWR<Property>(`/api/Property/${encodeURIComponent(propertyCode)}`, fetchJson);
  if (error) return <main className="p-8">Not found</main>;
  if (!data)
    return (
      <main className="p-8" aria-busy="true">
        Loading…
      </main>
    );
  return (
    <main className="p-8">
      <h1 className="text-2xl font-semibold">Book your stay</h1>
      <p>{data.PropertyName}</p>
      <p>{data.PropertyAddress}</p>
    </main>
  );
}
